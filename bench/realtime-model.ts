/**
 * The realtime bench's shapes, shared by the seed, the clients and the sender: in a file of
 * their own so those three never import each other in a circle.
 */

/** A seeded member as a client process signs in with it. */
export interface ClientMember {
  id: number;
  token: string;
}

/** Two seeded members and the chat between them. */
export interface BenchPair {
  chatId: number;
  members: [ClientMember, ClientMember];
}
