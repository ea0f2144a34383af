# One image for every process of the fleet (docs/deploy.md): the API server by default, the
# scoring worker with `node apps/server/dist/worker.mjs`.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 8080
CMD ["node", "--enable-source-maps", "apps/server/dist/server.mjs"]
