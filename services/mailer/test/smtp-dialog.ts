import { connect, type Socket } from 'node:net';

/**
 * A bare SMTP client over a socket, for what nodemailer will not do: stop halfway through DATA,
 * or send a message without declaring its size. Each `command` waits for the server's whole reply.
 */
export class SmtpDialog {
  readonly replies: string[] = [];
  private buffer = '';
  private waiting: ((reply: string) => void) | undefined;
  private closedFlag = false;
  private readonly closedPromise: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      // A reply ends with a line "NNN text" (no dash after the code).
      const end = /^\d{3} [^\r\n]*\r\n/m.exec(this.buffer);
      if (!end) return;
      const reply = this.buffer.slice(0, end.index + end[0].length);
      this.buffer = this.buffer.slice(reply.length);
      this.replies.push(reply.trim());
      const wake = this.waiting;
      this.waiting = undefined;
      wake?.(reply.trim());
    });
    socket.on('error', () => undefined);
    this.closedPromise = new Promise((resolve) =>
      socket.on('close', () => {
        this.closedFlag = true;
        resolve();
      }),
    );
  }

  static async open(port: number): Promise<SmtpDialog> {
    const socket = connect(port, '127.0.0.1');
    const dialog = new SmtpDialog(socket);
    await dialog.next();
    return dialog;
  }

  /** The server's next reply (bounded: a server that says nothing for 30 s fails the test). */
  next(timeoutMs = 30_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no SMTP reply')), timeoutMs);
      this.waiting = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
    });
  }

  async command(line: string): Promise<string> {
    const reply = this.next();
    this.socket.write(`${line}\r\n`);
    return reply;
  }

  /** Writes message data without waiting for anything. */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => this.socket.write(data, () => resolve()));
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  whenClosed(): Promise<void> {
    return this.closedPromise;
  }

  close(): void {
    this.socket.destroy();
  }
}
