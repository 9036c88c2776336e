/** In its own module: the first bundle needs these, not the rest of the landing copy. */
export const TRUST_STATS = [
  { value: '100+', label: 'Students' },
  { value: '7+', label: 'Countries' },
  { value: '4.9/5', label: 'Rating' },
  { value: '100%', label: 'Completion' },
];
