import { useTrans } from '@cadence/app-shell/use-trans';
import type { TProductInput } from '@cadence/contracts/billing';
import { minorUnitDigits } from '@cadence/contracts/pricing';
import { Button } from '@cadence/ui/button';
import { useId, useState } from 'react';
import { useController, useFieldArray, useFormContext } from 'react-hook-form';

type TForm = TProductInput;

const input =
  'h-10 w-full rounded-input border border-divider bg-transparent px-3 text-sm text-fg outline-none focus:border-primary focus:ring-3 focus:ring-focus aria-invalid:border-danger';

function errorAt(errors: unknown, path: string): string | undefined {
  let node = errors;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return (node as { message?: string } | undefined)?.message;
}

/** The amount as the admin types it ("7.99"); the form keeps integer minor units (799). */
function AmountInput({ index, currency }: { index: number; currency: string }) {
  const { trans } = useTrans();
  const id = useId();
  const { control, trigger } = useFormContext<TForm>();
  const { field, fieldState } = useController({ control, name: `prices.${index}.amount` });
  const digits = minorUnitDigits(currency || 'USD');
  const fromMinor = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? (value / 10 ** digits).toFixed(digits) : '';
  const [text, setText] = useState(() => fromMinor(field.value));
  const error = fieldState.error?.message;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {trans('Amount')}
      </label>
      <input
        id={id}
        ref={field.ref}
        inputMode="decimal"
        className={input}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onBlur={field.onBlur}
        onChange={(event) => {
          setText(event.target.value);
          const value = Number(event.target.value.replace(',', '.'));
          field.onChange(
            event.target.value.trim() === '' || !Number.isFinite(value)
              ? null
              : Math.round(value * 10 ** digits),
          );
          // A message that goes away only on blur would move the buttons below under the pointer.
          if (fieldState.error) void trigger(`prices.${index}.amount`);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A plan's prices: amount, currency, interval and interval count. A price subscribers pay can be
 * archived (no new buyers) but not removed; the api refuses it either way.
 */
export function PlanPricesField() {
  const { trans } = useTrans();
  const { control, register, watch, formState } = useFormContext<TForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'prices', keyName: 'key' });
  const isFree = watch('free');
  const baseId = useId();
  const listError = errorAt(formState.errors, 'prices');
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={listError ? `${baseId}-error` : undefined}>
      <legend className="mb-2 text-base font-semibold">{trans('Prices')}</legend>
      {isFree && <p className="text-sm text-muted">{trans('A free plan has no prices.')}</p>}
      {fields.map((item, index) => {
        const subscribers = (item as { subscriptions_count?: number }).subscriptions_count ?? 0;
        const currency = watch(`prices.${index}.currency`) ?? 'USD';
        const field = (name: string) => `${baseId}-${index}-${name}`;
        const fieldError = (name: string) => errorAt(formState.errors, `prices.${index}.${name}`);
        return (
          <div
            key={item.key}
            className="grid grid-cols-2 items-start gap-3 rounded-panel p-3 ring-1 ring-divider md:grid-cols-[1fr_6rem_8rem_6rem_auto]"
            data-testid="plan-price-row"
          >
            <AmountInput index={index} currency={currency} />
            <div className="flex flex-col gap-1">
              <label htmlFor={field('currency')} className="text-sm font-medium">
                {trans('Currency')}
              </label>
              <input
                id={field('currency')}
                className={input}
                maxLength={3}
                aria-invalid={fieldError('currency') ? true : undefined}
                {...register(`prices.${index}.currency`)}
              />
              {fieldError('currency') && <p className="text-xs text-danger">{fieldError('currency')}</p>}
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={field('interval')} className="text-sm font-medium">
                {trans('Interval')}
              </label>
              <select
                id={field('interval')}
                className={`${input} bg-paper`}
                {...register(`prices.${index}.interval`)}
              >
                <option value="day">{trans('Day')}</option>
                <option value="month">{trans('Month')}</option>
                <option value="year">{trans('Year')}</option>
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={field('count')} className="text-sm font-medium">
                {trans('Every')}
              </label>
              <input
                id={field('count')}
                type="number"
                min={1}
                className={input}
                aria-invalid={fieldError('interval_count') ? true : undefined}
                {...register(`prices.${index}.interval_count`, { valueAsNumber: true })}
              />
              {fieldError('interval_count') && (
                <p className="text-xs text-danger">{fieldError('interval_count')}</p>
              )}
            </div>
            <div className="flex flex-col gap-2 self-end">
              <label className="flex min-h-6 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  {...register(`prices.${index}.archived`)}
                />
                {trans('Archived')}
              </label>
              <Button
                size="xs"
                variant="text"
                isDisabled={subscribers > 0}
                onPress={() => remove(index)}
                aria-label={trans('Remove price :number', { number: String(index + 1) })}
              >
                {trans('Remove')}
              </Button>
            </div>
            {subscribers > 0 && (
              <p className="col-span-full text-xs text-muted">
                {trans(
                  '{count, plural, one {# subscriber pays this price: archive it instead of removing it.} other {# subscribers pay this price: archive it instead of removing it.}}',
                  {
                    count: String(subscribers),
                  },
                )}
              </p>
            )}
          </div>
        );
      })}
      {listError && (
        <p id={`${baseId}-error`} className="text-xs text-danger">
          {listError}
        </p>
      )}
      <div>
        <Button
          size="sm"
          variant="outline"
          isDisabled={isFree}
          onPress={() =>
            append(
              { amount: 0, currency: 'USD', interval: 'month', interval_count: 1, archived: false },
              { shouldFocus: false },
            )
          }
        >
          {trans('Add price')}
        </Button>
      </div>
    </fieldset>
  );
}
