/** The calls spec 000 §7 and 001 §7 list, as the spec writes them (method, path, query names). */
/** Spec 000 §7 (Session … Other), in the spec's order and casing. */
export const SPEC_000 = `
POST api/mfa/login
POST api/mfa/validate
POST api/mfa/sendcodetoemail
GET api/account/userinfo
POST /api/Account/validate
GET api/Acesso/BuscarPapeisPorCargo?ownerId
GET api/sharetoken/{token}
GET api/MeepFood/Configuration/{localId}
POST api/MeepFood/Configuration
GET api/MeepFood/GetAddressLocal/{localId}
POST api/MeepFood/AtualizarLocalCliente
GET api/Local/BuscarEstados
GET api/Local/BuscarCidades/{stateId}
GET api/MeepFood/Order/{code}
GET api/superapp/StoreCategory/GetStoreCategories
GET api/superapp/StoreCategory/GetCategoriesByLocalId/{localId}
POST api/superapp/StoreCategory/OpenStore
POST api/superapp/StoreCategory/CloseStore
GET api/store/?localClienteId
GET api/store/mystores
POST api/store/
PUT api/store/
DELETE api/store/DeleteById/{id}
GET api/Politica/Acessos?localId
GET api/ClienteEstabelecimento/BuscarClientesDoLocal?localClienteId&page
GET api/ClienteEstabelecimento/buscarCategoriaClientePortal/{localId}
POST api/ClienteEstabelecimento/SalvarClienteEstabelecimento
GET api/BlockedUser/{localId}/{cpf}/history
POST api/BlockedUser/Block
POST api/BlockedUser/Unlock
POST api/UserAlert/
POST api/UserAlert/Disarm
GET api/mepaylink/GetLinksByLocalId/{localId}
GET api/mepaylink/GetLinkById/{id}
POST api/mepaylink/Add
PUT api/mepaylink/Update
DELETE api/mepaylink/Delete/{id}
GET api/Link/{id}
POST api/Link
PUT api/Link
DELETE api/Link/{id}
GET api/Link/Institutes/{eventId}
GET api/Produto/BuscarProdutosDoLocalParaFiltro?localId
GET api/Impressoras?localClienteId
GET api/CategoriaProduto/Filtro?localId
GET api/Event/GetById/{id}
POST api/Event
PUT api/Event
DELETE api/Event/DeleteById/{id}
GET api/Event/GetByLocalClienteId/{localId}
GET api/SuperApp/Event/UpcomingEvents?localId
GET api/SuperApp/Event/OngoingEvents?localId
GET api/Institute/{id}
POST api/Institute
PUT api/Institute
DELETE api/Institute/{id}
GET api/Institute/GetInstitutesByLocalCliente/{localId}
GET api/DonorReport?eventId&instituteId
GET api/DonorReport/DownloadMeepDonor?eventId&instituteId
GET api/download/file?filename&relativepath
GET api/Donate/{eventId}
GET api/Donate/Payables/{eventId}
GET api/workflow/states
GET api/kds?page&size
POST api/kds/ReSendOrder?pedidoId
POST api/kds/acceptOrder
POST api/kds/refuseOrder
POST api/kds/startOrder
POST api/kds/deliverOrder
POST api/kds/readyToPickup
POST api/kds/receivedOrder
POST api/kds/returnedOrder
GET api/kds/transportadores
POST api/kds/atualizartransportador
POST api/kds/mudarEmpresaTransportePedido
POST api/kds/AutorizarMeepDelivery
GET api/kds/ifoodMerchantStatus/{localId}
GET api/kds/cancellationReasons/{id}
GET api/comandaseletronicasfluxo?localClienteId
GET api/ifoodMerchantConfiguration/{localId}
POST api/ifoodMerchantConfiguration
GET api/skippedproduct?localClienteId
DELETE api/skippedproduct/{id}
POST api/Account/SolicitarRecuperacaoSenha
POST api/Account/Register
`;

/** Spec 001 §7, in the spec's order and casing. */
export const SPEC_001 = `
GET api/store/?localClienteId
GET api/Proprietario/BuscarConfiguracoesDoLocal/{localId}
GET api/Proprietario/BuscarLocaisOndeUsuarioEProprietario/
GET api/Proprietario/BuscarConfiguracoesDeTransacaoDoLocal/{localId}
GET api/Proprietario/BuscarListasProdutosDoLocal/{localClientId}
POST api/Proprietario/AtivarProdutos/{id}
POST api/Proprietario/DesativarProdutos/{id}
POST api/Produto/opcoes/incluir
GET api/Produto/opcoes/{localId}
POST api/Produto/EditarProduto
POST api/Produto/AdicionarProdutoV2
GET api/Produto/GetProductsFromLocal/{localId}
GET api/Produto/ProdutoReferencia/?produtoId
GET api/Produto/BuscarProdutoDoLocal/{id}
GET api/CategoriaProduto/Filtro?localId&apenasCategoriaFilha
GET api/CategoriaProduto/ParaAcessosProdutosDoLocal/{localId}
GET api/CustomSaleMenu/GetByLocal/{localId}
POST api/CollaboratorSchedule
PUT api/Schedule/Update
POST api/CategorySchedule/Add
POST api/CategorySchedule/Update
DELETE api/CategorySchedule/Delete?id
POST api/ServiceSchedule/
DELETE api/Schedule/Delete?id
GET api/Schedule/GetCollaboratorsByLocalClientId/{localClientId}
GET api/Schedule/getByFilter?name&initialDate&finalDate
GET api/CategorySchedule/GetByLocalClient/{localClientId}
GET api/SalesPoint/GetAllSalesPointByLocalClientId/{localClientId}
GET api/SalesPoint/Equipament/GetLinked?localClientId&SalesPointId
GET api/SalesPoint/Equipament/GetUnlinked/{localClientId}
POST api/SalesPoint/Add
PUT api/SalesPoint/Update
POST api/SalesPoint/Equipament/LinkEquipamentsToSalesPoint
POST api/SalesPoint/Equipament/UnlinkEquipamentsFromSalesPoint
DELETE api/salesPoint/Delete/{id}
POST api/eletronicExtract/
GET api/eletronicExtract/
GET api/eletronicExtract//filtro?startDate&finalDate&status
GET api/LimitAccessProduct/{storeId}
DELETE api/LimitAccessProduct/deleteProduct
DELETE api/LimitAccessProduct/deleteAllProducts
GET api/Politica/Acessos?localId
POST api/LimitAccessProduct/addCategory?userId&categoryId
GET api/superapp/Creditcard/GetCreditCardByUserCPF/{cpf}
POST api/superapp/Creditcard/VerifyUserCard
GET api/salesdashboard/SalesByAgeRange?localClienteId
GET api/salesdashboard/HourlySales?localClienteId
GET api/salesdashboard/SalesPerDay?localClienteId
GET api/salesdashboard/SalesByRegion?localClienteId
GET api/salesdashboard/MostConsumed?localClienteId
GET api/salesdashboard/SalesByGender?localClienteId
GET api/salesdashboard/TopCustomers?localClienteId
GET api/salesdashboard/TotalOrders?localClienteId
GET api/salesdashboard/RefusedOrders?localClienteId
GET api/salesdashboard/Revenues?localClienteId
GET api/salesdashboard/AverageTicket?localClienteId
GET api/salesdashboard/HigherDemand?localClienteId
GET api/salesdashboard/LowerDemand?localClienteId
GET api/SaldoNegativo/Relatorio?localId&document&page
GET api/SaldoNegativo/Relatorio/Exportar?localId&document&extension
GET api/Cartao/consumo?historicoAssociacaoId
POST api/SaldoNegativo/CriarPlanejamentoRecarga
POST api/SaldoNegativo/RealizarRecarga
GET api/SaldoNegativo/Relatorio/Historico?localClienteId&page
GET api/SaldoNegativo/Relatorio/Historico/Detalhado?localId&planningRechargeId
POST api/importacaoUsuarios
POST api/transaction/pagseguro/ProcessarTransacaoTotem
POST api/transaction/pagseguro/process
POST api/transaction/PayStore/ProcessOutsideTransactions
GET api/Local/BuscarDadosBancariosDoLocal/{id}
POST /api/MPPagamentosFinancial/GerarRemessaAjusteBs2
POST api/sankhya/InvoiceOrder/Integrated
POST api/sankhya/InvoiceOrder/Pending
POST api/sankhya/InvoiceOrder/Export?invoiceId
GET api/sankhya/mapping/{localId}
GET api/Relatorio/BuscarSessoesPOSDoLocal?localClienteId&quantidade
POST /api/databasemaintenance/stopprogrammedmaintenance
GET api/Admin/GetAccreditationLogs/{localId}
GET api/Admin/GetPayStoreAllTerminalsInformation?localClienteId
GET api/Admin/GetMPPAgamentosAccreditationInformation?localClienteId
POST api/Admin/UpdateContactLocalCliente
GET api/Admin/GetMerchantBusinessInformation?localClienteId
POST api/Admin/CreateOrUpdateMerchantBusinessInformation
GET api/MPPagamentosCredentials/GetAccreditationInformation/{localId}
POST api/MPPagamentosCredentials/AccreditationMerchant
GET api/MPPagamentosCredentials/BuscarUltimasPropostas
POST api/MPPagamentosCredentials/TrocarAdquirente/{proposalId}
GET api/MPPagamentosCredentials/ObterUrlGestao/{document}
GET api/MPPagamentosCredentials/CredenciaisVencendo?page&pageSize
GET api/MPPagamentosFinancial/GetDailyWithdrawalReport?withdrawalDate
GET api/MPPagamentosFinancial/GetBS2TodayWithdrawals
POST api/MPPagamentosFinancial/CreateNewBS2CnabFile
GET api/MPPagamentosFinancial/ObterInformacoesSaque/{id}
PUT api/MPPagamentosFinancial/AtualizarDataRecebimentoSaque
GET api/CDCBank/GetPixPaymentOrder/{pixPaymentId}
POST api/CDCBank/UpdatePaymentOrder/{id}
POST api/CDCBank/Refund/{id}
GET api/MPPagamentosCompliance/SubAcquirer/{localId}
POST api/MPPagamentosCompliance/GetMcc/{localId}
POST api/MPPagamentosCompliance/AdicionarMccManual
GET api/Equipamento/UltimasVinculacoes
`;

export interface SpecCall {
  method: string;
  path: string;
  query: string[];
}
export const parse = (block: string): SpecCall[] =>
  block
    .trim()
    .split('\n')
    .map((line) => {
      const [method, raw] = line.trim().split(' ');
      const [path, qs = ''] = raw!.replace(/^\//, '').split('?');
      return { method: method!, path: path!, query: qs ? qs.split('&') : [] };
    });

export const ALL = [...parse(SPEC_000), ...parse(SPEC_001)];
