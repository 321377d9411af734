import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }

  html {
    color-scheme: dark;
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    background: ${({ theme }) => theme.colors.bg};
  }

  body {
    margin: 0;
    min-height: 100vh;
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.sans};
    font-size: ${({ theme }) => theme.fontSizes.base};
    line-height: 1.45;
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
    text-rendering: optimizeLegibility;
  }

  #root { min-height: 100vh; display: flex; flex-direction: column; }

  h1, h2, h3, h4, h5, h6, p, figure, blockquote, dl, dd, ul, ol { margin: 0; }
  ul[role='list'], ol[role='list'] { list-style: none; padding: 0; }
  h1, h2, h3, h4 { color: ${({ theme }) => theme.colors.textStrong}; line-height: 1.2; font-weight: 600; }

  img, svg, video, canvas { display: block; max-width: 100%; }
  svg { flex-shrink: 0; }

  input, button, textarea, select { font: inherit; color: inherit; letter-spacing: inherit; }
  button { cursor: pointer; }
  button:disabled { cursor: not-allowed; }
  textarea { resize: vertical; }

  a { color: ${({ theme }) => theme.colors.blue}; text-decoration: none; }
  a:hover { text-decoration: underline; text-underline-offset: 3px; }

  code, kbd, samp, pre { font-family: ${({ theme }) => theme.fonts.mono}; font-size: 0.95em; }
  pre { overflow: auto; }

  table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }

  hr { border: 0; border-top: 1px solid ${({ theme }) => theme.colors.border}; margin: 0; }

  ::selection { background: rgba(25, 210, 124, 0.3); color: ${({ theme }) => theme.colors.textStrong}; }

  :focus { outline: none; }
  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  ::placeholder { color: ${({ theme }) => theme.colors.textDim}; opacity: 1; }

  /* Thin terminal scrollbars */
  * {
    scrollbar-width: thin;
    scrollbar-color: ${({ theme }) => theme.colors.borderStrong} transparent;
  }
  ::-webkit-scrollbar { width: 8px; height: 8px; }
  ::-webkit-scrollbar-track { background: transparent; }
  ::-webkit-scrollbar-thumb {
    background: ${({ theme }) => theme.colors.borderStrong};
    border-radius: 8px;
    border: 2px solid transparent;
    background-clip: padding-box;
  }
  ::-webkit-scrollbar-thumb:hover { background-color: ${({ theme }) => theme.colors.textDim}; }
  ::-webkit-scrollbar-corner { background: transparent; }

  @media (prefers-reduced-motion: reduce) {
    html { scroll-behavior: auto; }
    *, *::before, *::after { transition-duration: 0.01ms !important; }
  }
`;
