import { useState } from "preact/hooks";

/**
 * A form's text values and what ties a field to one: `field("newPassword")` gives the field's id
 * (`<form>-new-password`), its value and its onInput, to spread on a FormField.
 */
export function useFields<T extends Record<string, string>>(form: string, initial: T) {
  const [values, setValues] = useState(initial);
  const field = (name: keyof T & string) => ({
    id: `${form}-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
    value: values[name],
    onInput: (e: { currentTarget: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: e.currentTarget.value })),
  });
  return { values, setValues, field };
}
