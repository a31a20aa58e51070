// The closure feature's public surface: what the details page shows of a complaint's investigation, reply and closing.
export { closureKeys, useClosure } from './api.ts';
export { ClosureSection } from './closure-section.tsx';
export { InvestigationReplySection } from './investigation-reply-section.tsx';
