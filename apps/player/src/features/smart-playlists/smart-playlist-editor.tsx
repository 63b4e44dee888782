import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPlaylist } from '@cadence/contracts/playlist';
import {
  isSmartGroup,
  SMART_SORT_FIELDS,
  type TSmartGroup,
  type TSmartRule,
  type TSmartRules,
  ZSmartRulesSchema,
} from '@cadence/contracts/smart-playlist';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { Checkbox } from '@cadence/ui/checkbox';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import { TextField } from '@cadence/ui/text-field';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { createPlaylist, updatePlaylist } from '../playlists/playlist-queries';
import { useDebouncedValue } from '../search/use-debounced-value';
import { NspButtons } from './nsp-buttons';
import { smartCountQuery } from './smart-queries';
import { emptyRules, FIELD_LABELS, newGroup, newRule } from './smart-rule-options';
import { SmartRuleRow } from './smart-rule-row';
import { SmartSelect } from './smart-select';

/** Each rule's first problem, keyed by its place ("3" or "2.1" for a rule in a group). */
function ruleErrors(rules: TSmartRules): {
  byRule: Map<string, string>;
  general: string[];
  isValid: boolean;
} {
  const parsed = ZSmartRulesSchema.safeParse(rules);
  const byRule = new Map<string, string>();
  const general: string[] = [];
  if (parsed.success) return { byRule, general, isValid: true };
  for (const issue of parsed.error.issues) {
    const [root, first, inner, second] = issue.path;
    if (root !== 'rules' || first === undefined) general.push(issue.message);
    else {
      const key =
        inner === 'rules' && second !== undefined ? `${String(first)}.${String(second)}` : String(first);
      if (!byRule.has(key)) byRule.set(key, issue.message);
    }
  }
  return { byRule, general, isValid: false };
}

/** Create or edit a smart playlist: rules with a live count of the tracks they match. */
export function SmartPlaylistEditor({
  playlist: existing,
  onClose,
}: {
  playlist?: TPlaylist;
  onClose: (playlist?: TPlaylist) => void;
}) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const [name, setName] = useState(existing?.name ?? '');
  const [isPublic, setIsPublic] = useState(existing?.public ?? true);
  const [rules, setRules] = useState<TSmartRules>(existing?.smart_rules ?? emptyRules());
  const errors = useMemo(() => ruleErrors(rules), [rules]);
  const counted = useDebouncedValue(errors.isValid ? rules : null, 300);
  const count = useQuery(smartCountQuery(counted));
  const mutation = useMutation({
    mutationFn: () => {
      const payload = { name, public: isPublic, smart_rules: rules };
      return existing ? updatePlaylist(existing.id, payload) : createPlaylist(payload);
    },
    meta: { silentError: true },
    onSuccess: ({ playlist }) => {
      void queryClient.invalidateQueries({ queryKey: ['library', 'playlist'] });
      void queryClient.invalidateQueries({ queryKey: ['playlists', playlist.id] });
      onClose(playlist);
    },
  });
  const serverErrors = isHttpError(mutation.error) ? (mutation.error.errors ?? {}) : {};
  const nameError = [serverErrors.name].flat()[0];

  const setEntry = (index: number, entry: TSmartRule | TSmartGroup | null) =>
    setRules((current) => ({
      ...current,
      rules:
        entry === null
          ? current.rules.filter((_, i) => i !== index)
          : current.rules.map((e, i) => (i === index ? entry : e)),
    }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (errors.isValid) mutation.mutate();
  };
  const title = existing ? trans('Edit smart playlist') : trans('New smart playlist');
  const countText = !errors.isValid
    ? trans('Fix the rules to see how many tracks match.')
    : count.data
      ? trans('{count, plural, one {# matching track} other {# matching tracks}}', {
          count: count.data.count,
        })
      : trans('Counting matching tracks…');
  return (
    <Dialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} size="2xl" aria-label={title}>
      <form onSubmit={onSubmit} className="contents" data-testid="smart-playlist-editor">
        <DialogHeader>{title}</DialogHeader>
        <DialogBody className="flex flex-col gap-4">
          <TextField
            label={trans('Name')}
            name="name"
            value={name}
            onChange={setName}
            isRequired
            autoFocus
            validationBehavior="aria"
            errorMessage={nameError}
          />
          <Checkbox isSelected={isPublic} onChange={setIsPublic}>
            {trans('Public')}
          </Checkbox>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 flex items-center gap-2 text-sm font-medium">
              {trans('Tracks matching')}
              <SmartSelect
                label={trans('Match')}
                value={rules.match}
                options={[
                  { id: 'all', label: trans('all of the rules') },
                  { id: 'any', label: trans('any of the rules') },
                ]}
                onChange={(match) => setRules({ ...rules, match: match as 'all' | 'any' })}
                testId="smart-match"
              />
            </legend>
            <ol className="flex flex-col gap-3">
              {rules.rules.map((entry, index) =>
                isSmartGroup(entry) ? (
                  <SmartGroupEditor
                    key={index}
                    group={entry}
                    index={index}
                    errors={errors.byRule}
                    onChange={(group) => setEntry(index, group)}
                    onRemove={() => setEntry(index, null)}
                  />
                ) : (
                  <SmartRuleRow
                    key={index}
                    rule={entry}
                    index={index}
                    error={errors.byRule.get(String(index))}
                    onChange={(rule) => setEntry(index, rule)}
                    onRemove={rules.rules.length > 1 ? () => setEntry(index, null) : undefined}
                  />
                ),
              )}
            </ol>
            <div className="flex gap-2">
              <Button
                variant="outline"
                onPress={() => setRules({ ...rules, rules: [...rules.rules, newRule()] })}
                data-testid="smart-add-rule"
              >
                {trans('Add rule')}
              </Button>
              <Button
                variant="outline"
                onPress={() => setRules({ ...rules, rules: [...rules.rules, newGroup()] })}
              >
                {trans('Add group')}
              </Button>
            </div>
            {errors.general.map((message) => (
              <p key={message} className="text-sm text-danger">
                {message}
              </p>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-end gap-3">
            <SmartSelect
              label={trans('Sort by')}
              isLabelHidden={false}
              value={rules.sort.field}
              options={SMART_SORT_FIELDS.map((id) => ({
                id,
                label: id === 'random' ? trans('Random') : trans(FIELD_LABELS[id]),
              }))}
              onChange={(field) =>
                setRules({ ...rules, sort: { ...rules.sort, field: field as TSmartRules['sort']['field'] } })
              }
            />
            <SmartSelect
              label={trans('Order')}
              isLabelHidden={false}
              value={rules.sort.order}
              options={[
                { id: 'asc', label: trans('Ascending') },
                { id: 'desc', label: trans('Descending') },
              ]}
              onChange={(order) =>
                setRules({ ...rules, sort: { ...rules.sort, order: order as 'asc' | 'desc' } })
              }
            />
            <TextField
              label={trans('Limit (empty: no limit)')}
              value={rules.limit === null ? '' : String(rules.limit)}
              onChange={(text) => setRules({ ...rules, limit: text.trim() === '' ? null : Number(text) })}
              inputClassName="w-28"
            />
          </div>
          <p aria-live="polite" className="text-sm font-medium" data-testid="smart-count">
            {countText}
          </p>
          <NspButtons
            name={name}
            rules={rules}
            onImport={(imported) => {
              setRules(imported.rules);
              if (!name && imported.name) setName(imported.name);
            }}
          />
          {mutation.isError && !nameError && <p className="text-sm text-danger">{mutation.error.message}</p>}
        </DialogBody>
        <DialogFooter>
          <Button variant="text" onPress={() => onClose()}>
            {trans('Cancel')}
          </Button>
          <Button
            type="submit"
            isPending={mutation.isPending}
            isDisabled={!errors.isValid}
            data-testid="smart-save"
          >
            {existing ? trans('Save') : trans('Create')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

function SmartGroupEditor({
  group,
  index,
  errors,
  onChange,
  onRemove,
}: {
  group: TSmartGroup;
  index: number;
  errors: Map<string, string>;
  onChange: (group: TSmartGroup) => void;
  onRemove: () => void;
}) {
  const { trans } = useTrans();
  const setRule = (at: number, rule: TSmartRule | null) =>
    onChange({
      ...group,
      rules:
        rule === null
          ? group.rules.filter((_, i) => i !== at)
          : group.rules.map((r, i) => (i === at ? rule : r)),
    });
  return (
    <li>
      <fieldset className="flex flex-col gap-2 rounded-panel border border-divider p-3">
        <legend className="flex items-center gap-2 px-1 text-sm">
          {trans('Group :number: tracks matching', { number: index + 1 })}
          <SmartSelect
            label={trans('Group :number match', { number: index + 1 })}
            value={group.match}
            options={[
              { id: 'all', label: trans('all of these') },
              { id: 'any', label: trans('any of these') },
            ]}
            onChange={(match) => onChange({ ...group, match: match as 'all' | 'any' })}
          />
        </legend>
        <ol className="flex flex-col gap-2">
          {group.rules.map((rule, at) => (
            <SmartRuleRow
              key={at}
              rule={rule}
              index={at}
              error={errors.get(`${index}.${at}`)}
              onChange={(next) => setRule(at, next)}
              onRemove={group.rules.length > 1 ? () => setRule(at, null) : undefined}
            />
          ))}
        </ol>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            onPress={() => onChange({ ...group, rules: [...group.rules, newRule()] })}
          >
            {trans('Add rule to group')}
          </Button>
          <Button variant="text" size="sm" onPress={onRemove}>
            {trans('Remove group')}
          </Button>
        </div>
      </fieldset>
    </li>
  );
}
