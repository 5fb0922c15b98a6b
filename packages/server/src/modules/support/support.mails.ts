/** Support e-mails: the confirmation of a new ticket, and the team's reply. */
import { quoteMail, type MailContent } from '../../adapters/mail/index.js';
import type { TSupportTicket } from '@app/shared';

export function ticketCreatedMail(ticket: TSupportTicket): MailContent {
  return quoteMail({
    subject: `Votre demande de support #${ticket.id}`,
    intro: `Nous avons bien reçu votre demande (Ticket #${ticket.id} : ${ticket.reason_label}).`,
    label: 'Votre message :',
    quote: ticket.description,
    outro:
      'Notre équipe vous répondra dès que possible. Vous pouvez suivre son avancement dans « Mes tickets ».',
  });
}

export function ticketReplyMail(ticketId: number, reply: string): MailContent {
  return quoteMail({
    subject: `Réponse à votre ticket #${ticketId}`,
    intro: `Notre équipe a répondu à votre ticket #${ticketId} :`,
    quote: reply,
    outro: 'Vous retrouvez cette réponse dans Support > Mes tickets.',
  });
}
