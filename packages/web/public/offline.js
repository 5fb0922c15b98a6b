// The offline page (offline.html): « Réessayer » reloads, and so does the connection coming back.
document.getElementById('retry')?.addEventListener('click', () => location.reload());
window.addEventListener('online', () => location.reload());
