/**
 * The coins feature's door: what other features may use of it. Kept to the one modal the
 * account menu downloads on demand, so that importing it lazily pulls nothing else.
 */
export { default as EarnCoinsModal } from './EarnCoinsModal';
