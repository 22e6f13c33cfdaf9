/** The bank file of the format-picker tests (vitest and e2e): 1.234,56 amounts with one 1,234.56, and dd/mm dates all ≤ 12. */
export const FORMAT_PICKER_AMOUNTS = ['1.234,56', '250,00', '12.500,00', '99,90', '1,234.56', '3.000,00', '45,10', '7.777,77', '10,00', '2.000,50', '300,00', '1.000,00'];
export const formatPickerBank = () =>
  `ref;amount;booked\n${FORMAT_PICKER_AMOUNTS.map((a, i) => `INV-${i + 1};${a};${String(i + 1).padStart(2, '0')}/04/2026`).join('\n')}\n`;
