import { Textarea, type TextareaProps } from '@mantine/core';

/** A note the waiter types (an item's, an order's): grows with its text, at least two lines, thumb-sized; `onChange` gets the text. */
export function NoteField({ onChange, ...props }: { label: string; placeholder: string; value: string; maxLength: number; onChange: (text: string) => void } & Pick<TextareaProps, 'description'>) {
  return <Textarea {...props} autosize minRows={2} size="md" onChange={(e) => onChange(e.currentTarget.value)} />;
}
