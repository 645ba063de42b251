/** The tones of the status pages' badges and cards, from good to bad, plus a neutral one. */
export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';
