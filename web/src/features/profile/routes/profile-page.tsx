import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { companyDetails, emailSignature, personalDetails } from '@mfd/contracts';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth';
import { useProfile } from '../api/profile-calls';
import { TeamCard } from '../components/team-card';
import { NotificationPreferencesCard } from '../components/notification-preferences-card';
import { ProfileCard, type FieldSpec } from '../components/profile-card';
import { SignaturePreview } from '../components/signature-preview';

const PERSONAL: FieldSpec[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'position', label: 'Position' },
];
const COMPANY: FieldSpec[] = [
  { name: 'name', label: 'Company Name', required: true },
  { name: 'legal_name', label: 'Legal Name', required: true },
  { name: 'address', label: 'Address', required: true },
  { name: 'city', label: 'City', required: true },
  { name: 'country', label: 'Country', required: true },
  { name: 'postal_code', label: 'Postal Code' },
  { name: 'phone', label: 'Company Phone', type: 'tel' },
  { name: 'email', label: 'Company Email', type: 'email', required: true },
  { name: 'website', label: 'Website', type: 'url' },
  { name: 'registration_number', label: 'Registration Number' },
];
const SIGNATURE: FieldSpec[] = [
  { name: 'full_name', label: 'Full Name' },
  { name: 'title', label: 'Title' },
  { name: 'company_name', label: 'Signature Company Name' },
  { name: 'phone', label: 'Signature Phone', type: 'tel' },
  { name: 'email', label: 'Signature Email', type: 'email' },
  { name: 'website', label: 'Signature Website', type: 'url' },
  { name: 'address', label: 'Signature Address' },
  { name: 'additional_info', label: 'Additional Info', type: 'textarea' },
];

export function ProfilePage() {
  const { data, isLoading, isError, refetch, isFetching } = useProfile();
  const { refresh } = useAuth();
  return (
    <>
      <PageHeader
        title="Profile"
        description="Your details, your company, and the signature on every e-mail you send."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            Refresh
          </Button>
        }
      />
      {isError && (
        <Alert color="red" mb="md">
          Unable to load profile
        </Alert>
      )}
      {isLoading && (
        <Stack>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={180} radius="md" />
          ))}
        </Stack>
      )}
      {data && (
        <Stack>
          <ProfileCard
            title="Personal Information"
            section="personal"
            fields={PERSONAL}
            schema={personalDetails}
            saved={{ name: data.name, email: data.email, phone: data.phone, position: data.position }}
            messages={{ success: 'Profile updated successfully!', error: 'Error updating profile' }}
            onSaved={refresh}
            needsCurrentPassword={(values) =>
              (values.email ?? '').trim().toLowerCase() !== data.email.toLowerCase()
            }
          />
          <ProfileCard
            title="Company Information"
            section="company"
            fields={COMPANY}
            schema={companyDetails}
            saved={data.company}
            messages={{
              success: 'Company profile updated successfully!',
              error: 'Error updating company profile',
            }}
          />
          <ProfileCard
            title="Email Signature"
            section="signature"
            fields={SIGNATURE}
            schema={emailSignature}
            saved={data.email_signature}
            messages={{ success: 'Email signature updated successfully!', error: 'Error updating signature' }}
            preview={(values) => <SignaturePreview values={values} />}
          />
          <NotificationPreferencesCard />
          <TeamCard />
        </Stack>
      )}
    </>
  );
}
