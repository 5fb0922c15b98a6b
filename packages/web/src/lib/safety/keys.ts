/** The query key of the blocked members list, shared with the chat's block action. */
export const blockedMembersKey = ['blocked-members'] as const;
