#!/usr/bin/env bash
# Instala o Passaporte Italiano num Debian ou Ubuntu novo, ou atualiza uma instalação anterior, com um comando:
#
#   sudo ./deploy/install.sh          (de dentro do pacote extraído de `npm run release`)
#
# Instala o PocketBase fixado (POCKETBASE_VERSION), cria o usuário de sistema, o diretório de dados, a configuração
# (/etc/passaporte/passaporte.env, a partir de deploy/env.template) e o serviço systemd; gera o token do webhook;
# cria o superusuário; inicia; confere o resultado e diz o que colar no Asaas. O PocketBase serve o site e a API no
# mesmo domínio e obtém sozinho o certificado TLS (portas 80 e 443).
# Rodado de novo com um pacote mais novo, atualiza: cópia de segurança de pb_data, os arquivos novos, as migrações,
# reinício e verificação; se algo falhar, volta à versão e aos dados de antes.
#
# Perguntas (ou variáveis de ambiente, para rodar sem terminal): DOMINIO, ASAAS_API_KEY, ASAAS_AMBIENTE (producao ou
# sandbox), SMTP_HOST, SMTP_PORT, SMTP_USERNAME, SMTP_PASSWORD, SMTP_TLS, MAIL_SENDER_ADDRESS, MAIL_SENDER_NAME,
# ADMIN_EMAIL, ADMIN_SENHA (gerada quando vazia), NFSE_ATIVA (false quando vazia) e, com true,
# NFSE_DESCRICAO_SERVICO, NFSE_SERVICO_MUNICIPAL_ID ou NFSE_SERVICO_MUNICIPAL_CODIGO, NFSE_ISS, GARANTIA_ATIVA (false
# quando vazia) e, com true, GARANTIA_JANELAS. ASAAS_API_URL, se definida, substitui a do ambiente escolhido;
# APP_URL, se definida, substitui https://DOMINIO; TRUSTED_PROXY_HEADER vai para o .env como dada. Numa atualização nada é perguntado: vale o .env instalado.
#
# Opções:
#   --raiz DIR         instala dentro de DIR (testes: DIR/opt, DIR/etc, DIR/var), sem usuário de sistema
#   --sem-systemd      não usa o systemd nem TLS: o serviço roda em segundo plano (pid em DIR/run/passaporte.pid)
#   --http ENDEREÇO    escuta em ENDEREÇO (ex.: 127.0.0.1:8090) em vez de `serve DOMINIO` com TLS (atrás de um proxy)
#   --pocketbase ARQ   usa este binário do PocketBase em vez de baixá-lo
set -euo pipefail

PACOTE="$(cd "$(dirname "$0")/.." && pwd)"
VERSAO="$(cat "$PACOTE/VERSION")"
PB_VERSAO="$(cat "$PACOTE/POCKETBASE_VERSION")"

RAIZ=""
SEM_SYSTEMD=0
HTTP=""
PB_ORIGEM=""
while [ $# -gt 0 ]; do
  case "$1" in
    --raiz) RAIZ="$(realpath -m "$2")"; shift 2 ;;
    --sem-systemd) SEM_SYSTEMD=1; shift ;;
    --http) HTTP="$2"; shift 2 ;;
    --pocketbase) PB_ORIGEM="$2"; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "Opção desconhecida: $1 (veja --help)" >&2; exit 2 ;;
  esac
done
if [ "$SEM_SYSTEMD" = 1 ] && [ -z "$HTTP" ]; then HTTP=127.0.0.1:8090; fi

OPT="$RAIZ/opt/passaporte"
ETC="$RAIZ/etc/passaporte"
DADOS="$RAIZ/var/lib/passaporte"
ENV_ARQ="$ETC/passaporte.env"
PB="$OPT/bin/pocketbase"
PID_ARQ="$RAIZ/run/passaporte.pid"
LOG_ARQ="$RAIZ/var/log/passaporte.log"
USUARIO=passaporte

passo() { printf '\n==> %s\n' "$*"; }
erro() { printf '\nERRO: %s\n' "$*" >&2; exit 1; }

if [ -z "$RAIZ" ] && [ "$(id -u)" != 0 ]; then erro "rode como root: sudo $0"; fi
if ! command -v curl >/dev/null; then
  [ -z "$RAIZ" ] || erro "falta o curl"
  apt-get update -q && apt-get install -y -q curl ca-certificates
fi

# ---------------------------------------------------------------- configuração

perguntar() { # VARIÁVEL "pergunta" [padrão] [secreta]
  local nome="$1" texto="$2" padrao="${3-}" valor="${!1-}"
  if [ -z "$valor" ] && [ -t 0 ]; then
    if [ "${4-}" = secreta ]; then read -r -s -p "$texto: " valor; echo; else
      read -r -p "$texto${padrao:+ [$padrao]}: " valor; fi
  fi
  valor="${valor:-$padrao}"
  [ -n "$valor" ] || erro "$nome não informado ($texto). Defina a variável de ambiente $nome ou rode num terminal."
  case "$valor" in *"'"*) erro "$nome não pode conter aspas simples." ;; esac
  printf -v "$nome" '%s' "$valor"
}

perguntar_nfse() { # a nota fiscal de serviço pelo Asaas (deploy/env.template explica cada uma)
  perguntar NFSE_ATIVA "Emitir a nota fiscal de serviço (NFS-e) de cada pedido pelo Asaas? (true ou false; \
configure antes os dados fiscais no Asaas)" false
  case "$NFSE_ATIVA" in true | false) ;; *) erro "NFSE_ATIVA deve ser true ou false" ;; esac
  [ "$NFSE_ATIVA" = true ] || return 0
  perguntar NFSE_DESCRICAO_SERVICO "Descrição do serviço na nota" "Assessoria para agendamento de cidadania italiana"
  NFSE_SERVICO_MUNICIPAL_ID="${NFSE_SERVICO_MUNICIPAL_ID-}"
  NFSE_SERVICO_MUNICIPAL_CODIGO="${NFSE_SERVICO_MUNICIPAL_CODIGO-}"
  NFSE_ISS="${NFSE_ISS-}"
  [ -n "$NFSE_SERVICO_MUNICIPAL_ID$NFSE_SERVICO_MUNICIPAL_CODIGO" ] || [ ! -t 0 ] ||
    read -r -p "ID do serviço municipal no Asaas (vazio para informar o código): " NFSE_SERVICO_MUNICIPAL_ID
  [ -n "$NFSE_SERVICO_MUNICIPAL_ID" ] ||
    perguntar NFSE_SERVICO_MUNICIPAL_CODIGO "Código do serviço municipal (o do seu contador, ex.: 17.01)"
  [ -n "$NFSE_ISS" ] || [ ! -t 0 ] ||
    read -r -p "Alíquota do ISS em % (vazio se a prefeitura não pede na nota): " NFSE_ISS
  case "$NFSE_SERVICO_MUNICIPAL_ID$NFSE_SERVICO_MUNICIPAL_CODIGO$NFSE_ISS" in
    *"'"*) erro "os dados da nota fiscal não podem conter aspas simples." ;;
  esac
}

perguntar_garantia() { # a garantia de agendamento (deploy/env.template explica)
  perguntar GARANTIA_ATIVA "Oferecer a garantia de agendamento (estorno integral automático depois de N janelas de \
vagas tentadas sem agendar; aparece nos termos)? (true ou false)" false
  case "$GARANTIA_ATIVA" in true | false) ;; *) erro "GARANTIA_ATIVA deve ser true ou false" ;; esac
  [ "$GARANTIA_ATIVA" = true ] || return 0
  perguntar GARANTIA_JANELAS "Quantas janelas de liberação de vagas tentadas antes do estorno (1 a 52)" 4
  case "$GARANTIA_JANELAS" in
    [1-9] | [1-4][0-9] | 5[0-2]) ;;
    *) erro "GARANTIA_JANELAS deve ser um número inteiro de 1 a 52" ;;
  esac
}

aleatorio() { head -c 48 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c "$1"; }

definir() { # CHAVE VALOR: troca a linha CHAVE='...' do arquivo de configuração
  local tmp
  tmp="$(mktemp)"
  awk -v k="$1" -v v="$2" 'index($0, k "=") == 1 { print k "='\''" v "'\''"; next } { print }' "$ENV_ARQ" >"$tmp"
  cat "$tmp" >"$ENV_ARQ"
  rm -f "$tmp"
}

ler_configuracao() { set -a; . "$ENV_ARQ"; set +a; }

# ---------------------------------------------------------------- serviço

endereco_local() { if [ -n "$HTTP" ]; then echo "http://$HTTP"; else echo "https://$DOMINIO"; fi; }
curl_local() { # caminho [opções do curl]: o próprio servidor, sem passar pelo DNS
  local url
  url="$(endereco_local)$1"
  shift
  if [ -n "$HTTP" ]; then curl -fsS --max-time 10 "$@" "$url"; else
    curl -fsS --max-time 10 --resolve "$DOMINIO:443:127.0.0.1" "$@" "$url"; fi
}

pb_comando() { (ler_configuracao && "$PB" "$@" --dir="$DADOS/pb_data" --hooksDir="$OPT/atual/pb_hooks" \
  --migrationsDir="$OPT/atual/pb_migrations"); }

escrever_servir() {
  local escuta
  if [ -n "$HTTP" ]; then escuta="--http=$HTTP"; else escuta="$DOMINIO"; fi
  mkdir -p "$OPT/bin"
  cat >"$OPT/bin/servir" <<EOF
#!/bin/sh
# O serviço: o PocketBase com o kit, o site (pb_public) e a configuração de $ENV_ARQ. Escrito pelo install.sh.
set -a; . '$ENV_ARQ'; set +a
exec '$PB' serve $escuta --dir='$DADOS/pb_data' --hooksDir='$OPT/atual/pb_hooks' \\
  --migrationsDir='$OPT/atual/pb_migrations' --publicDir='$OPT/atual/pb_public' --hooksWatch=false
EOF
  chmod 755 "$OPT/bin/servir"
}

parar() {
  if [ "$SEM_SYSTEMD" = 1 ]; then
    if [ -f "$PID_ARQ" ] && kill "$(cat "$PID_ARQ")" 2>/dev/null; then
      for _ in $(seq 50); do kill -0 "$(cat "$PID_ARQ")" 2>/dev/null || break; sleep 0.2; done
    fi
    rm -f "$PID_ARQ"
  else
    systemctl stop passaporte || true
  fi
}

iniciar() {
  if [ "$SEM_SYSTEMD" = 1 ]; then
    mkdir -p "$(dirname "$PID_ARQ")" "$(dirname "$LOG_ARQ")"
    nohup "$OPT/bin/servir" >>"$LOG_ARQ" 2>&1 </dev/null &
    echo $! >"$PID_ARQ"
  else
    systemctl daemon-reload
    systemctl enable passaporte >/dev/null 2>&1
    systemctl restart passaporte
  fi
}

saudavel() { # o servidor responde a API e o site
  for _ in $(seq 60); do
    if curl_local /api/health >/dev/null 2>&1; then
      # Read whole, then searched: `curl | grep -q` fails under pipefail when grep stops reading first (curl: 23).
      local pagina
      pagina="$(curl_local /)" || return 1
      [[ "$pagina" == *'<div id="root"'* ]] && return 0
      return 1
    fi
    sleep 0.5
  done
  return 1
}

# ---------------------------------------------------------------- PocketBase

instalar_pocketbase() {
  mkdir -p "$OPT/bin"
  if [ -x "$PB" ] && "$PB" --version 2>/dev/null | grep -q "$PB_VERSAO"; then return 0; fi
  [ -e "$PB" ] && mv -f "$PB" "$PB.anterior"
  if [ -n "$PB_ORIGEM" ]; then
    cp "$PB_ORIGEM" "$PB"
  else
    local arq="pocketbase_${PB_VERSAO}_linux_$(dpkg --print-architecture 2>/dev/null || echo amd64).zip" tmp
    command -v unzip >/dev/null && command -v curl >/dev/null || { apt-get update -q && apt-get install -y -q curl unzip; }
    tmp="$(mktemp -d)"
    curl -fsSL -o "$tmp/pb.zip" "https://github.com/pocketbase/pocketbase/releases/download/v$PB_VERSAO/$arq"
    unzip -q -o "$tmp/pb.zip" pocketbase -d "$tmp"
    install -m 755 "$tmp/pocketbase" "$PB"
    rm -rf "$tmp"
  fi
  chmod 755 "$PB"
  "$PB" --version | grep -q "$PB_VERSAO" || erro "o PocketBase instalado não é o $PB_VERSAO: $("$PB" --version)"
}

copiar_pacote() {
  mkdir -p "$OPT/releases"
  rm -rf "$OPT/releases/$VERSAO"
  cp -a "$PACOTE" "$OPT/releases/$VERSAO"
  ln -sfn "releases/$VERSAO" "$OPT/atual"
}

dono() { [ -n "$RAIZ" ] || chown -R "$USUARIO:$USUARIO" "$DADOS"; }

# ---------------------------------------------------------------- atualização

atualizar() {
  ler_configuracao
  local anterior copia
  anterior="$(readlink "$OPT/atual")"
  copia="$DADOS/copias-instalacao/pb_data-$(date -u +%Y%m%d-%H%M%S)-$(basename "$anterior")"
  passo "Atualizando $(basename "$anterior") -> $VERSAO"
  parar
  if [ "$(basename "$anterior")" = "$VERSAO" ]; then # a mesma versão de novo: a de antes fica à parte para a volta
    rm -rf "$OPT/releases/$VERSAO.anterior"
    mv "$OPT/releases/$VERSAO" "$OPT/releases/$VERSAO.anterior"
    anterior="releases/$VERSAO.anterior"
    ln -sfn "$anterior" "$OPT/atual"
  fi
  passo "Cópia de segurança de pb_data em $copia"
  mkdir -p "$(dirname "$copia")"
  cp -a "$DADOS/pb_data" "$copia"
  copiar_pacote
  instalar_pocketbase
  escrever_servir
  [ -n "$RAIZ" ] || install -m 644 "$OPT/atual/deploy/passaporte.service" /etc/systemd/system/passaporte.service
  passo "Migrações"
  if pb_comando migrate up && dono && iniciar && saudavel; then
    passo "Atualizado para $VERSAO: $(endereco_local) responde."
    echo "A cópia de antes da atualização fica em $copia (apague-a quando não precisar mais)."
    return 0
  fi
  echo "A atualização falhou: voltando para $(basename "$anterior") e para os dados de antes." >&2
  parar
  rm -rf "$DADOS/pb_data"
  cp -a "$copia" "$DADOS/pb_data"
  ln -sfn "$anterior" "$OPT/atual"
  [ -e "$PB.anterior" ] && mv -f "$PB.anterior" "$PB"
  dono
  iniciar
  saudavel || erro "a versão anterior também não respondeu; veja o log (journalctl -u passaporte ou $LOG_ARQ)."
  erro "atualização para $VERSAO desfeita: $(basename "$anterior") voltou a funcionar, com os dados de antes."
}

# ---------------------------------------------------------------- instalação nova

instalar() {
  passo "Instalando o Passaporte Italiano $VERSAO (PocketBase $PB_VERSAO)"
  perguntar DOMINIO "Domínio do site (ex.: www.seu-dominio.com.br)"
  perguntar ASAAS_API_KEY "Chave de API do Asaas" "" secreta
  perguntar ASAAS_AMBIENTE "Ambiente do Asaas (producao ou sandbox)" producao
  case "$ASAAS_AMBIENTE" in
    producao) ASAAS_API_URL="${ASAAS_API_URL:-https://api.asaas.com/v3}" ;;
    sandbox) ASAAS_API_URL="${ASAAS_API_URL:-https://api-sandbox.asaas.com/v3}" ;;
    *) erro "ASAAS_AMBIENTE deve ser producao ou sandbox" ;;
  esac
  perguntar SMTP_HOST "Servidor SMTP"
  perguntar SMTP_PORT "Porta SMTP" 587
  SMTP_USERNAME="${SMTP_USERNAME-}"
  SMTP_PASSWORD="${SMTP_PASSWORD-}"
  [ -n "$SMTP_USERNAME" ] || [ ! -t 0 ] || read -r -p "Usuário SMTP (vazio se não houver): " SMTP_USERNAME
  [ -z "$SMTP_USERNAME" ] || perguntar SMTP_PASSWORD "Senha SMTP" "" secreta
  perguntar SMTP_TLS "TLS direto no SMTP (true na porta 465)" "$([ "$SMTP_PORT" = 465 ] && echo true || echo false)"
  perguntar MAIL_SENDER_ADDRESS "E-mail remetente" "nao-responda@${DOMINIO#www.}"
  perguntar MAIL_SENDER_NAME "Nome do remetente" "Passaporte Italiano"
  perguntar_nfse
  perguntar_garantia
  perguntar ADMIN_EMAIL "E-mail do superusuário (painel /_/)"
  local senha_gerada=""
  if [ -z "${ADMIN_SENHA-}" ] && [ ! -t 0 ]; then ADMIN_SENHA="$(aleatorio 20)"; senha_gerada=1; fi
  perguntar ADMIN_SENHA "Senha do superusuário (10+ caracteres)" "" secreta
  local token
  token="$(aleatorio 40)"

  if [ -z "$RAIZ" ] && ! id "$USUARIO" >/dev/null 2>&1; then
    passo "Usuário de sistema $USUARIO"
    useradd --system --home-dir /var/lib/passaporte --shell /usr/sbin/nologin "$USUARIO"
  fi
  mkdir -p "$DADOS/pb_data" "$ETC"
  copiar_pacote
  passo "PocketBase $PB_VERSAO"
  instalar_pocketbase

  passo "Configuração em $ENV_ARQ"
  (umask 077 && cp "$OPT/atual/deploy/env.template" "$ENV_ARQ")
  definir DOMINIO "$DOMINIO"
  definir APP_URL "${APP_URL:-https://$DOMINIO}"
  definir ASAAS_API_KEY "$ASAAS_API_KEY"
  definir ASAAS_API_URL "$ASAAS_API_URL"
  definir ASAAS_WEBHOOK_TOKEN "$token"
  definir MAIL_SENDER_ADDRESS "$MAIL_SENDER_ADDRESS"
  definir MAIL_SENDER_NAME "$MAIL_SENDER_NAME"
  definir SMTP_HOST "$SMTP_HOST"
  definir SMTP_PORT "$SMTP_PORT"
  definir SMTP_USERNAME "$SMTP_USERNAME"
  definir SMTP_PASSWORD "$SMTP_PASSWORD"
  definir SMTP_TLS "$SMTP_TLS"
  definir TRUSTED_PROXY_HEADER "${TRUSTED_PROXY_HEADER-}"
  definir NFSE_ATIVA "$NFSE_ATIVA"
  if [ "$NFSE_ATIVA" = true ]; then
    definir NFSE_DESCRICAO_SERVICO "$NFSE_DESCRICAO_SERVICO"
    definir NFSE_SERVICO_MUNICIPAL_ID "$NFSE_SERVICO_MUNICIPAL_ID"
    definir NFSE_SERVICO_MUNICIPAL_CODIGO "$NFSE_SERVICO_MUNICIPAL_CODIGO"
    definir NFSE_ISS "$NFSE_ISS"
  fi
  definir GARANTIA_ATIVA "$GARANTIA_ATIVA"
  [ "$GARANTIA_ATIVA" != true ] || definir GARANTIA_JANELAS "$GARANTIA_JANELAS"
  [ -n "$RAIZ" ] || chown "root:$USUARIO" "$ENV_ARQ"
  chmod 640 "$ENV_ARQ"

  escrever_servir
  mkdir -p "$RAIZ/etc/systemd/system"
  install -m 644 "$OPT/atual/deploy/passaporte.service" "$RAIZ/etc/systemd/system/passaporte.service"

  passo "Superusuário $ADMIN_EMAIL (e as migrações do banco)"
  pb_comando superuser upsert "$ADMIN_EMAIL" "$ADMIN_SENHA" >/dev/null
  dono
  passo "Iniciando"
  iniciar
  saudavel || erro "o servidor não respondeu em $(endereco_local); veja o log (journalctl -u passaporte ou $LOG_ARQ).$(
    [ -n "$HTTP" ] || printf '\n  O DNS de %s aponta para este servidor? As portas 80 e 443 estão abertas? O certificado TLS depende disso.' "$DOMINIO")"
  conferir
  resumo "$token" "$senha_gerada"
}

conferir() { # as configurações que o kit aplica a partir do .env, lidas de volta pela API
  passo "Conferindo"
  local auth token cfg falta=""
  auth="$(curl_local /api/collections/_superusers/auth-with-password -H 'Content-Type: application/json' \
    -d "{\"identity\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_SENHA\"}")" || erro "o login do superusuário falhou."
  token="$(printf '%s' "$auth" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')"
  cfg="$(curl_local /api/settings -H "Authorization: $token")"
  for esperado in "\"appURL\":\"$(grep '^APP_URL=' "$ENV_ARQ" | cut -d"'" -f2)\"" \
    "\"senderAddress\":\"$MAIL_SENDER_ADDRESS\"" "\"host\":\"$SMTP_HOST\"" \
    "\"cron\":\"$(grep '^BACKUP_CRON=' "$ENV_ARQ" | cut -d"'" -f2)\""; do
    grep -qF "$esperado" <<<"$cfg" || falta="$falta $esperado"
  done
  [ -z "$falta" ] || erro "configurações do PocketBase diferentes do esperado:$falta"
  local log
  if [ "$SEM_SYSTEMD" = 1 ]; then log="$(cat "$LOG_ARQ")"; else log="$(journalctl -u passaporte -n 300 --no-pager)"; fi
  if grep -q 'Configuração incompleta' <<<"$log"; then
    erro "o servidor recusa cobranças: $(printf '%s' "$log" | grep 'Configuração incompleta' | tail -1)"
  fi
  echo "Site, API, remetente, SMTP e cópias de segurança agendadas: ok."
}

resumo() {
  local token="$1" senha_gerada="$2" url
  url="$(grep '^APP_URL=' "$ENV_ARQ" | cut -d"'" -f2)"
  cat <<EOF

==> Pronto: $url

Cole no Asaas (Integrações > Webhooks > Adicionar webhook):
  URL do webhook:          $url/payments/asaas/webhook
  Token de autenticação:   $token
  Versão da API:           v3
  Tipo de envio:           sequencial; fila de sincronização ativada
  Eventos:                 os de Cobrança: PAYMENT_CREATED, PAYMENT_AWAITING_RISK_ANALYSIS,
                           PAYMENT_APPROVED_BY_RISK_ANALYSIS, PAYMENT_REPROVED_BY_RISK_ANALYSIS, PAYMENT_CONFIRMED,
                           PAYMENT_RECEIVED, PAYMENT_CREDIT_CARD_CAPTURE_REFUSED, PAYMENT_OVERDUE, PAYMENT_DELETED,
                           PAYMENT_REFUNDED, PAYMENT_PARTIALLY_REFUNDED, PAYMENT_REFUND_IN_PROGRESS,
                           PAYMENT_CHARGEBACK_REQUESTED, PAYMENT_CHARGEBACK_DISPUTE, PAYMENT_AWAITING_CHARGEBACK_REVERSAL
                           e, com a nota fiscal ligada (NFSE_ATIVA), os de Nota fiscal: INVOICE_CREATED,
                           INVOICE_UPDATED, INVOICE_SYNCHRONIZED, INVOICE_AUTHORIZED, INVOICE_PROCESSING_CANCELLATION,
                           INVOICE_CANCELED, INVOICE_CANCELLATION_DENIED, INVOICE_ERROR

Painel do PocketBase: $url/_/  (superusuário $ADMIN_EMAIL${senha_gerada:+, senha gerada: $ADMIN_SENHA — guarde-a})
  A equipe de atendimento: em Collections > usuarios, marque "admin" na conta de cada atendente.
Configuração: $ENV_ARQ (depois de mudar: systemctl restart passaporte)
EOF
  local pendente=""
  grep -q 'a completar pela empresa' "$OPT/atual/pb_public/termos.html" 2>/dev/null &&
    pendente="  - os dados da empresa (razão social, CNPJ, endereço, encarregado de dados) aparecem como
    \"[a completar pela empresa]\": gere o pacote de novo com VITE_COMPANY_* e VITE_DPO_* (README) e atualize;
"
  cat <<EOF

Ainda falta, antes de vender:
${pendente}  - a revisão dos Termos e da Política de Privacidade por um advogado (src/config/content.ts);
  - um pagamento de teste de ponta a ponta com a chave de produção.
EOF
}

if [ -e "$OPT/atual" ]; then atualizar; else instalar; fi
