import nodemailer from 'nodemailer';

/** The message as it would go over SMTP, built by nodemailer without a server. */
export async function wire(options: nodemailer.SendMailOptions): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(options);
  return (info.message as Buffer).toString();
}
