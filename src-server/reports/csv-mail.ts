import type { MailOrigin, MailTransport } from '../delivery/mail-transport';

// An export's CSV emailed as an attachment, one email to each address, as the background
// export jobs send them (dashboards, campaign metrics).

export interface CsvMail {
  emails: readonly string[];
  subject: string;
  html: string;
  fileName: string;
  csv: string;
}

export async function emailCsv(mail: MailTransport, message: CsvMail, origin: MailOrigin): Promise<void> {
  for (const to of message.emails) {
    await mail.send(
      {
        to,
        subject: message.subject,
        html: message.html,
        attachments: [{ filename: message.fileName, contentType: 'text/csv; charset=utf-8', content: message.csv }],
      },
      origin,
    );
  }
}
