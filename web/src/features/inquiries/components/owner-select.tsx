import { Select } from '@mantine/core';
import type { InquiryDetail } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMembers } from '../../../lib/team';
import { useHandOverInquiry } from '../api/inquiries';

/**
 * Who the inquiry is with: any member hands it to a colleague here (its alerts and supplier
 * mails follow the owner). Until the members are read, the owner alone is the choice.
 */
export function OwnerSelect({ inquiry }: { inquiry: InquiryDetail }) {
  const members = useMembers();
  const handOver = useHandOverInquiry(inquiry.id);
  const options = (members.data ?? []).map((m) => ({
    value: m.id,
    label: `${m.first_name} ${m.last_name}`.trim(),
  }));
  if (!options.some((o) => o.value === inquiry.owner.id))
    options.unshift({ value: inquiry.owner.id, label: inquiry.owner.name });
  return (
    <Select
      label="Owner"
      aria-label="Owner"
      data={options}
      value={inquiry.owner.id}
      allowDeselect={false}
      disabled={handOver.isPending || members.isLoading}
      w={200}
      onChange={(userId) => {
        if (!userId || userId === inquiry.owner.id) return;
        handOver
          .mutateAsync(userId)
          .then((r) => notifySuccess(r.detail))
          .catch((err: unknown) => notifyError(errorDetail(err, 'Error handing the inquiry over')));
      }}
    />
  );
}
