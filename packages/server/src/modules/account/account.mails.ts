/** The e-mail code that confirms an account deletion (accounts without a password). */
import { codeMail, type MailContent } from '../../adapters/mail/index.js';

export function deletionCodeMail(code: string): MailContent {
  return codeMail({
    subject: 'Confirmez la suppression de votre compte Rencontre',
    intro: 'Voici votre code pour confirmer la suppression définitive de votre compte :',
    code,
    outro:
      "Si vous n'avez pas demandé à supprimer votre compte, ignorez cet e-mail et changez votre mot de passe Google.",
  });
}
