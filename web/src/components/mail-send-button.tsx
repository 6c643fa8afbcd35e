import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useSupplierMailBlock } from '../lib/mailbox';

type Props = ButtonProps & {
  children: ReactNode;
  onClick?: () => void;
  'aria-label'?: string;
};

/**
 * A button whose action mails suppliers (send, resend, cancel notice, award): while the account's
 * e-mail is not confirmed it is disabled, and says why (on hover and focus, and to screen readers).
 */
export function MailSendButton({ disabled, ...props }: Props) {
  const blocked = useSupplierMailBlock();
  const reasonId = useId();
  if (!blocked) return <Button disabled={disabled} {...props} />;
  return (
    <Tooltip label={blocked} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
      {/* A disabled button takes no pointer or focus: its wrapper takes both and shows the reason. */}
      <span tabIndex={0} style={{ display: 'inline-block' }}>
        <Button {...props} disabled aria-describedby={reasonId} style={{ pointerEvents: 'none' }} />
        <VisuallyHidden id={reasonId}>{blocked}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
