import { Textarea } from '@mantine/core';
import type { ComponentProps } from 'react';

type FieldProps = Omit<ComponentProps<typeof Textarea>, 'label' | 'description'>;

/**
 * The inquiry's two notes, each saying who reads it: the spec's Additional Notes stay the
 * trader's own, the notes for suppliers go out in the invitation and on the offer page.
 */
export function NotesFields({ internal, suppliers }: { internal: FieldProps; suppliers: FieldProps }) {
  return (
    <>
      <Textarea
        label="Additional Notes"
        description="Internal: never sent to suppliers."
        autosize
        minRows={2}
        {...internal}
      />
      <Textarea
        label="Notes for Suppliers"
        description="Shown in the invitation and on the supplier’s offer page."
        autosize
        minRows={2}
        maxLength={4000}
        {...suppliers}
      />
    </>
  );
}
