/**
 * The error panel's warning sign, kept in a chunk of its own: the panel is part of the first
 * screen's code (the route boundary uses it) and the icon set must not weigh on that screen.
 */
export { TriangleAlert as default } from 'lucide-react';
