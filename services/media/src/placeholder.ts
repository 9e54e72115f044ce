/**
 * What an unknown or broken photo id answers: a neutral car silhouette on grey, 4:3 like most car
 * photos. Static, with no script or external reference, so it is safe to serve as SVG.
 */
export const PLACEHOLDER_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">
<rect width="400" height="300" fill="#eceff1"/>
<path fill="#b0bec5" d="M62 196c0-14 6-22 20-25l40-8 34-30c8-7 17-10 28-10h78c12 0 21 4 29 12l28 28 27 5c14 3 22 12 22 26v14c0 5-4 9-9 9h-17a34 34 0 ` +
    `0 0-67 0H169a34 34 0 0 0-67 0H71c-5 0-9-4-9-9z"/>
<path fill="#eceff1" d="M162 156l24-20c4-4 9-6 15-6h22v26zm73 0v-26h26c7 0 13 3 17 8l18 18z"/>
<circle cx="135" cy="212" r="24" fill="#90a4ae"/>
<circle cx="283" cy="212" r="24" fill="#90a4ae"/>
</svg>
`,
);

export const PLACEHOLDER_SIZE = { width: 400, height: 300 } as const;
