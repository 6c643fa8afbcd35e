import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** What sign-up and joining a company both ask of the person, under the same rules and wording. */
interface PersonValues {
  first_name: string;
  last_name: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

type PersonForm = Pick<UseFormReturnType<PersonValues>, 'getInputProps'>;

export function NameFields({ form }: { form: PersonForm }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput
        label="First Name"
        autoComplete="given-name"
        required
        {...form.getInputProps('first_name')}
      />
      <TextInput label="Last Name" autoComplete="family-name" required {...form.getInputProps('last_name')} />
    </SimpleGrid>
  );
}

export function PhoneField({ form }: { form: PersonForm }) {
  return (
    <TextInput
      label="Phone"
      type="tel"
      autoComplete="tel"
      placeholder="+65 6123 4567"
      {...form.getInputProps('phone')}
    />
  );
}

export function NewPasswordFields({ form }: { form: PersonForm }) {
  return (
    <>
      <PasswordInput
        label="Password"
        placeholder="min 8 characters"
        description="Not a common password or a simple pattern like aaaaaaaa or 12345678: those are guessed first."
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        required
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
