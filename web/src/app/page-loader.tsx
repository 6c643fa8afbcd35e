import { Center, Loader } from '@mantine/core';

/** Shown while a page's code is fetched (pages are loaded on first visit). */
export function PageLoader() {
  return (
    <Center mih="40vh">
      <Loader aria-label="Loading page" />
    </Center>
  );
}
