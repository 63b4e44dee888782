import { TextField } from '@cadence/ui/text-field';
import { useEffect, useState } from 'react';
import { type FieldValues, type Path, useController, useFormContext } from 'react-hook-form';

/** "rock, indie pop" <-> ['rock', 'indie pop']: genres and tags typed as one comma list. */
export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
}

export function FormListField<T extends FieldValues>({
  name,
  label,
  description,
}: {
  name: Path<T>;
  label: string;
  description?: string;
}) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const list = Array.isArray(field.value) ? (field.value as string[]) : [];
  const [text, setText] = useState(list.join(', '));
  // A reset (saved values, a draft loaded) replaces the text; typing keeps the user's spacing.
  const joined = list.join('\u0000');
  useEffect(() => {
    setText((current) =>
      splitList(current).join('\u0000') === joined ? current : joined.split('\u0000').join(', '),
    );
  }, [joined]);
  return (
    <TextField
      name={field.name}
      label={label}
      description={description}
      value={text}
      onChange={(next) => {
        setText(next);
        field.onChange(splitList(next));
      }}
      onBlur={field.onBlur}
      errorMessage={fieldState.error?.message}
      validationBehavior="aria"
    />
  );
}
