import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_URL = 'http://localhost:3000';
const apiProxy = Object.fromEntries(
  ['/api', '/auth', '/secure', '/health', '/ready', '/api-docs'].map((path) => [path, API_URL]),
);

export default defineConfig({
  base: '/backstage/',
  plugins: [react(), tailwindcss()],
  server: { port: 5175, strictPort: true, proxy: apiProxy },
  preview: { port: 5175, strictPort: true, proxy: apiProxy },
});
