// The trends feature's public surface: the dashboard card, the details page's similar complaints, and its cache.
export { SignalsCard } from './signals-card.tsx';
export { SimilarComplaints } from './similar-complaints.tsx';
export { trendsKeys } from './api.ts';
