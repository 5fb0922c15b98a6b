/** The chats feature's door for the app shell: calls ring and show on every signed-in screen. */
export { CallLayer as default } from './call/CallLayer';
