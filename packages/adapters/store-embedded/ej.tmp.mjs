import mongoose from 'mongoose';
const docs = Array.from({length:100000},(_, i)=>({_id:'id'+i, email:`u${i}@x.cr`, brand:'Toyota', model:'Corolla', year: 1990+i%35, price: 1000+i, tags:['a','b'], createdAt: new Date(), outbox: [{id:'e'}]}));
const M = new mongoose.Mongoose().model('x', new mongoose.Schema({_id:String,email:{type:String,required:true},brand:String,model:String,year:Number,price:Number,tags:[String],createdAt:Date,outbox:[{id:String}], version:{type:Number,default:0}},{versionKey:false}));
let t=performance.now(); for (const d of docs) { const c = M.castObject(d); M.applyDefaults(c); await M.validate(c); } console.log('statics', performance.now()-t);
const c = M.castObject(docs[0]); M.applyDefaults(c); console.log(c);
t=performance.now(); for (const d of docs) { const m=new M(d); m.$__validateSync(); m.toObject({flattenMaps:true}); } console.log('internal sync', performance.now()-t);
try { await M.validate({_id:'x', year:'abc'}) } catch (e) { console.log(e.name, Object.keys(e.errors)) }
try { M.castObject({_id:'x', year:'abc'}) } catch (e) { console.log(e.name, Object.keys(e.errors)) }
