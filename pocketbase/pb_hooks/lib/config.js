// Which environment variables configure PocketBase's own settings.

function aplicar(app) {
  const env = (nome) => $os.getenv(nome);
  const settings = app.settings();
  let mudou = false;
  const definir = (objeto, campo, valor) => {
    if (valor === '' || objeto[campo] === valor) return;
    objeto[campo] = valor;
    mudou = true;
  };
  definir(settings.meta, 'appName', env('APP_NAME') || 'Passaporte Italiano');
  definir(settings.meta, 'appURL', env('APP_URL'));
  definir(settings.meta, 'senderAddress', env('MAIL_SENDER_ADDRESS'));
  definir(settings.meta, 'senderName', env('MAIL_SENDER_NAME'));
  if (env('SMTP_HOST')) {
    definir(settings.smtp, 'enabled', true);
    definir(settings.smtp, 'host', env('SMTP_HOST'));
    definir(settings.smtp, 'port', Number(env('SMTP_PORT') || 587));
    definir(settings.smtp, 'username', env('SMTP_USERNAME'));
    definir(settings.smtp, 'password', env('SMTP_PASSWORD'));
    definir(settings.smtp, 'tls', env('SMTP_TLS') === 'true');
  }
  // Scheduled zip backups of pb_data (Settings -> Backups), the newest BACKUP_MANTER kept.
  definir(settings.backups, 'cron', env('BACKUP_CRON'));
  if (env('BACKUP_MANTER')) definir(settings.backups, 'cronMaxKeep', Number(env('BACKUP_MANTER')));
  // Behind a reverse proxy, the buyer's IP (sent to Asaas for its antifraud check) is in this header.
  if (env('TRUSTED_PROXY_HEADER')) {
    const headers = [env('TRUSTED_PROXY_HEADER')];
    if (String(settings.trustedProxy.headers) !== String(headers)) {
      settings.trustedProxy.headers = headers;
      mudou = true;
    }
  }
  if (mudou) app.save(settings);
}

/**
 * The service invoices (NFS-e) the kit asks Asaas for (lib/notas.js), from the server's environment; off unless
 * NFSE_ATIVA=true. The municipal service is the accountant's choice: its id in Asaas's list
 * (NFSE_SERVICO_MUNICIPAL_ID) or, where the city publishes no list, its code (NFSE_SERVICO_MUNICIPAL_CODIGO).
 * NFSE_ISS: the ISS rate in percent, when the city wants it on the invoice (empty: not sent).
 */
function nfse() {
  const env = (nome) => String($os.getenv(nome) || '').trim();
  const iss = env('NFSE_ISS').replace(',', '.');
  return {
    ativa: env('NFSE_ATIVA') === 'true',
    descricao: env('NFSE_DESCRICAO_SERVICO') || 'Assessoria para agendamento de cidadania italiana',
    servicoId: env('NFSE_SERVICO_MUNICIPAL_ID'),
    servicoCodigo: env('NFSE_SERVICO_MUNICIPAL_CODIGO'),
    servicoNome: env('NFSE_SERVICO_MUNICIPAL_NOME'),
    iss: iss !== '' && isFinite(Number(iss)) ? Number(iss) : null,
  };
}

/**
 * The guarantee (lib/garantia.js), from the server's environment: off unless GARANTIA_ATIVA=true; GARANTIA_JANELAS
 * the release windows tried before the refund (a whole number from 1 to 52; 4 when empty). A value that cannot
 * be read keeps it off (`invalida`, logged at start-up by lib/arranque.js) rather than promise a wrong number.
 */
function garantia() {
  const texto = String($os.getenv('GARANTIA_JANELAS') || '').trim();
  const n = texto === '' ? 4 : Number(texto);
  const valida = Number.isInteger(n) && n >= 1 && n <= 52;
  const ligada = String($os.getenv('GARANTIA_ATIVA') || '').trim() === 'true';
  return { ativa: ligada && valida, janelas: valida ? n : 0, invalida: ligada && !valida };
}

module.exports = { aplicar, nfse, garantia };
