import { Anchor, Paper, Stack, Text } from '@mantine/core';

/** How the signature will read at the end of every mail sent in the user's name, updated as they type. */
export function SignaturePreview({ values }: { values: Record<string, string> }) {
  const lines = [values.title, values.company_name, values.address].filter(Boolean);
  const empty = ![
    values.full_name,
    ...lines,
    values.phone,
    values.email,
    values.website,
    values.additional_info,
  ].some(Boolean);
  return (
    <Paper withBorder p="md" mt="md" bg="gray.0" aria-label="Signature preview">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
        Preview
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed">
          Your signature will appear here.
        </Text>
      ) : (
        <Stack gap={0}>
          {values.full_name && (
            <Text size="sm" fw={700}>
              {values.full_name}
            </Text>
          )}
          {lines.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
          {values.phone && <Text size="sm">Tel: {values.phone}</Text>}
          {values.email && (
            <Anchor size="sm" href={`mailto:${values.email}`}>
              {values.email}
            </Anchor>
          )}
          {values.website && <Text size="sm">{values.website}</Text>}
          {values.additional_info && (
            <Text size="sm" mt={6} c="dimmed">
              {values.additional_info}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
