import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  // This app is its own project: without this, Next takes the directory of the nearest lockfile above
  // it (the repository's, inside debt-token-simulator) for the workspace root, and warns.
  turbopack: { root: import.meta.dirname },
  // `next dev` would otherwise write an AGENTS.md into the project (Next.js 16.5).
  agentRules: false,
  experimental: { agentUpgrade: false },
}

export default nextConfig
