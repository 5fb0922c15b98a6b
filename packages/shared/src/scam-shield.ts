/**
 * The scam shield's rule numbers and texts (beyond the spec). The server flags a message whose
 * text carries a scam signal (scam-signals.ts) when it arrives in a chat not born of a match
 * where the receiver has written fewer than SCAM_RECEIVER_MAX_MESSAGES messages; the receiver
 * sees a warning above it, the sender sees nothing different. A member flagged in
 * SCAM_HOLD_CHATS different chats within SCAM_HOLD_WINDOW_HOURS can no longer start new chats
 * until a moderator reviews them (the console's « Arnaques » queue).
 */
export const SCAM_RECEIVER_MAX_MESSAGES = 10;
export const SCAM_HOLD_CHATS = 3;
export const SCAM_HOLD_WINDOW_HOURS = 24;
/** A report with reason scam shares the reported member's last messages of the chat, this many. */
export const SCAM_EVIDENCE_LAST_MESSAGES = 10;

export const SCAM_TEXT = {
  warning:
    "Attention : ne transférez jamais d'argent ni de crédit à quelqu'un que vous n'avez jamais rencontré.",
  report: 'Signaler',
  ignore: 'Ignorer',
  notice: "Les messages signalés seront transmis à l'équipe de modération.",
  reported: 'Merci, votre signalement a été transmis à notre équipe.',
  held: 'Votre compte est en cours de vérification par notre équipe : vous ne pouvez pas commencer de nouvelle discussion pour le moment.',
} as const;
