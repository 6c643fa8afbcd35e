import { startInbox } from '../dev-inbox';

/**
 * The mail catcher image's program (deploy/containers/mail-catcher): the local inbox on every
 * address, SMTP on 1025 and the web inbox on 8025, as Mailpit's ports in docker-compose.yml.
 */
startInbox({ smtpPort: 1025, httpPort: 8025, host: '0.0.0.0' }).then(
  (inbox) => {
    console.warn(`mail catcher: SMTP on port 1025, inbox on port 8025 (${inbox.webUrl})`);
    const stop = () => void inbox.stop().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
