import { readKeysDir } from '../config';
import { runDkimCommand } from './dkim-command';

/** `npm run dkim -- generate DOMAIN SELECTOR`: a DKIM key pair and the DNS record to publish (dkim-command.ts). */
const { exitCode, message } = runDkimCommand(process.argv.slice(2), readKeysDir());
(exitCode === 0 ? process.stdout : process.stderr).write(`${message}\n`);
process.exitCode = exitCode;
