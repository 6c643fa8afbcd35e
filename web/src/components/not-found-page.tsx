import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { EmptyState } from './empty-state';

export function NotFoundPage() {
  return (
    <EmptyState
      title="Page not found"
      description="There is no page at this address."
      action={
        <Button component={Link} to="/">
          Go to the dashboard
        </Button>
      }
    />
  );
}
