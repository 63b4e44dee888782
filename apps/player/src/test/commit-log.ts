/** One commit of a React root: which components rendered in it (by name), mounted or updated. */
export interface TCommit {
  rendered: number;
  names: Map<string, number>;
}

type TFiber = {
  tag: number;
  type: unknown;
  alternate: TFiber | null;
  memoizedProps: unknown;
  memoizedState: unknown;
  child: TFiber | null;
  sibling: TFiber | null;
};

// Function, class, forwardRef, memo and simple memo components.
const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);

const nameOf = (fiber: TFiber) => {
  const type = fiber.type as { displayName?: string; name?: string } | string | null;
  return type && typeof type !== 'string' ? (type.displayName ?? type.name ?? '?') : '?';
};

/**
 * Stands in for React DevTools' hook so a test sees every commit and the components that
 * rendered in it: a fiber rendered when its props or state differ from its last commit (a
 * bailed-out fiber keeps both). Install before react-dom is imported (`vi.hoisted`).
 */
export function installCommitLog(): TCommit[] {
  const commits: TCommit[] = [];
  const last = new WeakMap<object, { props: unknown; state: unknown }>();
  const visit = (first: TFiber | null, commit: TCommit) => {
    for (let fiber = first; fiber; fiber = fiber.sibling) {
      if (COMPONENT_TAGS.has(fiber.tag)) {
        const seen = last.get(fiber) ?? (fiber.alternate ? last.get(fiber.alternate) : undefined);
        const now = { props: fiber.memoizedProps, state: fiber.memoizedState };
        last.set(fiber, now);
        if (fiber.alternate) last.set(fiber.alternate, now);
        if (!seen || seen.props !== now.props || seen.state !== now.state) {
          commit.rendered += 1;
          const name = nameOf(fiber);
          commit.names.set(name, (commit.names.get(name) ?? 0) + 1);
        }
      }
      visit(fiber.child, commit);
    }
  };
  Object.assign(globalThis, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: (_id: number, root: { current: TFiber }) => {
        const commit: TCommit = { rendered: 0, names: new Map() };
        visit(root.current.child, commit);
        commits.push(commit);
      },
    },
  });
  return commits;
}
