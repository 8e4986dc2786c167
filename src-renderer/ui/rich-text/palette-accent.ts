import { createContext, useContext } from 'react';

/** The open letter's channel accent colour, for the text toolbar's palette (null at company level). */
export const PaletteAccentContext = createContext<string | null>(null);

export const usePaletteAccent = () => useContext(PaletteAccentContext);
