import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our Express app, which mounts the React Router handler.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  resolve: { tsconfigPaths: true },
  ssr: { external: ["better-sqlite3", "pg"] },
  plugins: [tailwindcss(), reactRouter()],
});
