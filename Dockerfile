# The Canalside Discord bot: `docker build -t canalside-bot .`, then
#   docker run -d --name canalside -e DISCORD_TOKEN=... -v venezia-data:/data canalside-bot
# (or --env-file .env). The SQLite database lives on the /data volume. See docs/discord.md.
FROM python:3.11-slim

# uv, pinned, only to install the locked dependencies.
COPY --from=ghcr.io/astral-sh/uv:0.13.9 /uv /uvx /bin/

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy \
    UV_PYTHON_DOWNLOADS=never \
    UV_PROJECT_ENVIRONMENT=/app/.venv

WORKDIR /app

# Dependencies exactly as locked (a layer that stays cached while uv.lock is unchanged).
COPY pyproject.toml uv.lock README.md ./
RUN uv sync --frozen --no-dev --no-install-project

# The project: engine, renderer (its fonts are bundled in render/common/fonts: nothing to install),
# the chat presentation, bot, and the board data.
COPY engine ./engine
COPY render ./render
COPY chat ./chat
COPY bot ./bot
COPY data ./data
RUN uv sync --frozen --no-dev

# Run as an unprivileged user with a fixed uid and gid (numeric, so the host and Kubernetes'
# runAsNonRoot can tell it is not root: hadolint DL3066); only /data is writable for it.
RUN groupadd --gid 10001 canalside \
    && useradd --create-home --uid 10001 --gid 10001 canalside \
    && mkdir -p /data \
    && chown 10001:10001 /data
USER 10001:10001

# In the container: JSON log lines, and the operators' HTTP server (/healthz, /readyz,
# /metrics) on port 8080 of every interface (docs/discord.md, "Operators").
ENV PATH="/app/.venv/bin:$PATH" \
    CANALSIDE_DB=/data/venezia.sqlite3 \
    CANALSIDE_LOG_FORMAT=json \
    CANALSIDE_HTTP_HOST=0.0.0.0 \
    CANALSIDE_HTTP_PORT=8080
VOLUME ["/data"]
EXPOSE 8080

# Alive = /healthz answers (no curl in the slim image: Python's urllib).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request as u; u.urlopen('http://127.0.0.1:8080/healthz', timeout=4)"]

# SIGTERM (docker stop, Kubernetes) shuts down gracefully: new commands are answered "the bot
# is restarting", the ones in flight finish (CANALSIDE_SHUTDOWN_GRACE, 30 s), then the HTTP
# server, the gateway and the database close; the process exits 0. Give docker stop -t more
# than the grace.
STOPSIGNAL SIGTERM
CMD ["canalside", "bot"]
