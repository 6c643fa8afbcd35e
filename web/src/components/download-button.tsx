import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { apiDownload, errorDetail } from '../lib/api-client';
import { notifyError } from '../lib/notify';

/**
 * Downloads an export with the session's token (a plain link would carry none): the file is
 * fetched, then saved under the name the server gives. Disabled while it runs.
 */
export function DownloadButton({
  path,
  fallbackName,
  children,
  ...props
}: ButtonProps & { path: string; fallbackName: string; children: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { blob, fileName } = await apiDownload(path, fallbackName);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      // The browser has the file once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      notifyError(`Unable to download: ${errorDetail(err, 'please try again in a moment.')}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      disabled={busy}
      onClick={() => void download()}
      {...props}
    >
      {children}
    </Button>
  );
}
