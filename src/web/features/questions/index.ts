// The questions feature's public surface: the reviewed form's questions (field mappings use them).
export { useQuestions } from './api.ts';
