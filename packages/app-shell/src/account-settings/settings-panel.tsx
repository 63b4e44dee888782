import type { ReactNode } from 'react';

export interface SettingsPanelProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}

/** One section of the account settings page; `id` is the side navigation's anchor. */
export function SettingsPanel({ id, title, description, children, actions }: SettingsPanelProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-6 rounded-panel border border-divider bg-paper p-6"
      data-testid={`panel-${id}`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-muted">{description}</div>}
      <div className="mt-6">{children}</div>
      {actions && <div className="mt-6 flex justify-end gap-2 border-t border-divider pt-4">{actions}</div>}
    </section>
  );
}
