/**
 * Confetti after an unlock (spec 2 §4): 200 pieces for 3 s on a canvas over the screen, then
 * gone. Loaded only when needed. Members who ask for reduced motion get none.
 */
import { CONFETTI_MS, CONFETTI_PIECES } from './constants';

const COLOURS = ['#e0245e', '#ff9f1c', '#1a9e55', '#3164d6', '#ffd23f', '#7b4fd6'];

interface Piece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
  angle: number;
  spin: number;
  colour: string;
}

export function playConfetti() {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const canvas = document.createElement('canvas');
  canvas.className = 'confetti-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  const w = window.innerWidth;
  const h = window.innerHeight;
  canvas.width = w * dpr;
  canvas.height = h * dpr;
  document.body.appendChild(canvas);
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas.remove();
  ctx.scale(dpr, dpr);

  const pieces: Piece[] = Array.from({ length: CONFETTI_PIECES }, () => ({
    x: w / 2 + (Math.random() - 0.5) * w * 0.3,
    y: h * 0.35,
    vx: (Math.random() - 0.5) * 12,
    vy: -Math.random() * 14 - 4,
    size: 5 + Math.random() * 6,
    angle: Math.random() * Math.PI,
    spin: (Math.random() - 0.5) * 0.4,
    colour: COLOURS[Math.floor(Math.random() * COLOURS.length)] ?? '#e0245e',
  }));

  const started = performance.now();
  let last = started;
  const frame = (t: number) => {
    const elapsed = t - started;
    if (elapsed >= CONFETTI_MS) return canvas.remove();
    const step = Math.min(3, (t - last) / 16.7);
    last = t;
    ctx.clearRect(0, 0, w, h);
    ctx.globalAlpha = elapsed > CONFETTI_MS - 600 ? (CONFETTI_MS - elapsed) / 600 : 1;
    for (const p of pieces) {
      p.vy += 0.35 * step;
      p.vx *= 0.99;
      p.x += p.vx * step;
      p.y += p.vy * step;
      p.angle += p.spin * step;
      ctx.save();
      ctx.translate(p.x, p.y);
      ctx.rotate(p.angle);
      ctx.fillStyle = p.colour;
      ctx.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2);
      ctx.restore();
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
