/**
 * What a member is told when the mail relay refused their code (issue 29): said at once, the
 * code retried behind. Apart from AUTH_MSG, which the sign-in screen downloads.
 */
export const CODE_MAIL_MSG = {
  /** The sign-up's code mail did not leave. */
  signupCodeNotSent:
    "Votre compte est créé, mais l'e-mail avec votre code n'a pas pu partir. Appuyez sur « Renvoyer le code » pour réessayer tout de suite ; nous réessayons aussi de notre côté.",
  codeMailFailed:
    "L'e-mail avec votre code n'a pas pu partir. Réessayez tout de suite ; nous réessayons aussi de notre côté.",
} as const;
