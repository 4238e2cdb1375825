// Card attempts per customer and per IP (card testing with stolen cards is the abuse this stops).

const regras = require(`${__hooks}/lib/regras.js`);

function pbData(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

/**
 * Counts this attempt, or throws 429 when the customer or the IP is over the limit. Runs in a transaction so
 * that parallel attempts are counted one after another. Returns the attempt's record id.
 */
function contarTentativa(app, usuarioId, ip) {
  let id = '';
  app.runInTransaction((tx) => {
    const agora = Date.now();
    const desdeCliente = pbData(agora - regras.LIMITE_CLIENTE.janelaMin * 60 * 1000);
    const desdeIp = pbData(agora - regras.LIMITE_IP.janelaMin * 60 * 1000);
    const doCliente = tx.countRecords(
      'tentativas_cartao',
      $dbx.exp('usuario = {:u} AND created >= {:d}', { u: usuarioId, d: desdeCliente }),
    );
    const doIp = tx.countRecords(
      'tentativas_cartao',
      $dbx.exp('ip = {:ip} AND created >= {:d}', { ip: ip, d: desdeIp }),
    );
    if (doCliente >= regras.LIMITE_CLIENTE.tentativas || doIp >= regras.LIMITE_IP.tentativas) {
      throw new TooManyRequestsError(regras.MSG.limite, {});
    }
    const tentativa = new Record(tx.findCollectionByNameOrId('tentativas_cartao'));
    tentativa.set('usuario', usuarioId);
    tentativa.set('ip', ip);
    tx.save(tentativa);
    id = tentativa.id;
  });
  return id;
}

/** Takes back an attempt that was not a decline (Asaas busy or down, a field Asaas refused): it does not count. */
function descontarTentativa(app, id) {
  if (!id) return;
  try {
    app.delete(app.findRecordById('tentativas_cartao', id));
  } catch (err) {
    console.error('Tentativa de cartão não descontada: ' + err);
  }
}

module.exports = { contarTentativa, descontarTentativa };
