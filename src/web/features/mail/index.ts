// What other features use of the mail feature.
export { ReminderCard } from './reminder-card.tsx';
