import { useTrans } from '@cadence/app-shell/use-trans';
import {
  SMART_FIELDS,
  type TSmartField,
  type TSmartOperator,
  type TSmartRule,
  type TSmartValue,
} from '@cadence/contracts/smart-playlist';
import { IconButton } from '@cadence/ui/icon-button';
import { TextField } from '@cadence/ui/text-field';
import XIcon from 'lucide-react/icons/x';
import { defaultValue, FIELD_LABELS, OPERATOR_LABELS, operatorsOf } from './smart-rule-options';
import { SmartSelect } from './smart-select';

/** Empty text stays text so the contract names it; anything else typed is read as a number. */
const toNumber = (text: string) => (text.trim() === '' ? text : Number(text));

function ValueInput({
  rule,
  label,
  onChange,
}: {
  rule: TSmartRule;
  label: string;
  onChange: (value: TSmartValue) => void;
}) {
  const { trans } = useTrans();
  const type = SMART_FIELDS[rule.field];
  if (type === 'boolean')
    return (
      <SmartSelect
        label={label}
        value={String(rule.value)}
        options={[
          { id: 'true', label: trans('Yes') },
          { id: 'false', label: trans('No') },
        ]}
        onChange={(value) => onChange(value === 'true')}
      />
    );
  const inputType = type === 'date' && !rule.operator.includes('in_the_last') ? 'date' : 'text';
  const isNumeric = type === 'number' || rule.operator.includes('in_the_last');
  const read = (text: string) => (isNumeric ? toNumber(text) : text);
  if (rule.operator === 'between') {
    const [from, to] = rule.value as [string | number, string | number];
    return (
      <div className="flex items-center gap-2">
        <TextField
          aria-label={trans(':field from', { field: label })}
          type={inputType}
          value={String(from)}
          onChange={(text) => onChange([read(text), to] as TSmartValue)}
          inputClassName="w-32"
        />
        <span className="text-sm text-muted">{trans('and')}</span>
        <TextField
          aria-label={trans(':field to', { field: label })}
          type={inputType}
          value={String(to)}
          onChange={(text) => onChange([from, read(text)] as TSmartValue)}
          inputClassName="w-32"
        />
      </div>
    );
  }
  return (
    <TextField
      aria-label={label}
      type={inputType}
      value={String(rule.value)}
      onChange={(text) => onChange(read(text) as TSmartValue)}
      inputClassName="w-44"
      data-testid="smart-rule-value"
    />
  );
}

/** One rule: field, operator, value; changing the field or operator resets the value's kind. */
export function SmartRuleRow({
  rule,
  index,
  error,
  onChange,
  onRemove,
}: {
  rule: TSmartRule;
  index: number;
  error?: string;
  onChange: (rule: TSmartRule) => void;
  onRemove?: () => void;
}) {
  const { trans } = useTrans();
  const fieldLabel = trans(FIELD_LABELS[rule.field]);
  const setField = (field: string) => {
    const operator = operatorsOf(field as TSmartField)[0] as TSmartOperator;
    onChange({ field: field as TSmartField, operator, value: defaultValue(field as TSmartField, operator) });
  };
  const setOperator = (operator: string) => {
    const op = operator as TSmartOperator;
    const isSameKind =
      (op === 'between') === (rule.operator === 'between') &&
      op.includes('in_the_last') === rule.operator.includes('in_the_last');
    onChange({ ...rule, operator: op, value: isSameKind ? rule.value : defaultValue(rule.field, op) });
  };
  return (
    <li className="flex flex-col gap-1" data-testid="smart-rule">
      <div className="flex flex-wrap items-start gap-2">
        <SmartSelect
          label={trans('Rule :number field', { number: index + 1 })}
          value={rule.field}
          options={(Object.keys(FIELD_LABELS) as TSmartField[]).map((id) => ({
            id,
            label: trans(FIELD_LABELS[id]),
          }))}
          onChange={setField}
          testId="smart-rule-field"
        />
        <SmartSelect
          label={trans('Rule :number operator', { number: index + 1 })}
          value={rule.operator}
          options={operatorsOf(rule.field).map((id) => ({ id, label: trans(OPERATOR_LABELS[id]) }))}
          onChange={setOperator}
          testId="smart-rule-operator"
        />
        <ValueInput rule={rule} label={fieldLabel} onChange={(value) => onChange({ ...rule, value })} />
        {onRemove && (
          <IconButton
            aria-label={trans('Remove rule :number', { number: index + 1 })}
            size="sm"
            onPress={onRemove}
          >
            <XIcon aria-hidden />
          </IconButton>
        )}
      </div>
      {error && <p className="text-sm text-danger">{error}</p>}
    </li>
  );
}
