/** The two safety actions' labels, wherever a member appears (MemberSafety) and in a chat. */
export const SAFETY_ACTION_TEXT = { block: 'Bloquer', report: 'Signaler' } as const;
