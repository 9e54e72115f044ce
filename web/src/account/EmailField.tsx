import { TextInput } from '@mantine/core';

interface EmailForm {
  values: { email: string };
  set: (field: 'email', value: string) => void;
  error: (field: string) => string | undefined;
}

/** The e-mail field of an account form (sign-in, registration, forgotten password), bound to `useAccountForm`. */
export function EmailField({ label, form }: { label: string; form: EmailForm }) {
  return (
    <TextInput
      label={label}
      type="email"
      autoComplete="email"
      value={form.values.email}
      onChange={(event) => form.set('email', event.currentTarget.value)}
      error={form.error('email')}
    />
  );
}
