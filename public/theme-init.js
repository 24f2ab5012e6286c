// Runs before first paint: stored preference ('dark' | 'light'), else the system colour scheme.
(() => {
  try {
    const stored = localStorage.getItem('theme');
    const dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage blocked (private mode, sandboxed frame): keep the default light theme.
  }
})();
