# One image for all five services; the command picks the service.
# Build: docker build -t marine-fuel-distribution .
# Run:   docker run marine-fuel-distribution node services/identity/dist/server.js
# NODE_IMAGE: any Debian-based Node 24 image with npm and the user node (uid 1000); without a
# registry, scripts/container-runtime.sh builds one from Debian and the npm registry.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/service-kit/package.json libs/service-kit/
COPY libs/db/package.json libs/db/
COPY libs/pricing/package.json libs/pricing/
COPY libs/queue/package.json libs/queue/
COPY libs/testing/package.json libs/testing/
COPY services/gateway/package.json services/gateway/
COPY services/identity/package.json services/identity/
COPY services/directory/package.json services/directory/
COPY services/inquiry/package.json services/inquiry/
COPY services/mailer/package.json services/mailer/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
# Only what runs: the bundles, the built web app, production packages and workspace manifests.
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/libs ./libs
COPY --from=build --chown=node:node /app/services ./services
COPY --from=build --chown=node:node /app/web/dist ./web/dist
USER node
EXPOSE 8080
CMD ["node", "--enable-source-maps", "services/gateway/dist/server.js"]
